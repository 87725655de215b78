import {
  createTheme,
  type CloseButtonProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type LoaderProps,
  type MantineColorsTuple,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type PasswordInputProps,
  type TabsProps,
} from '@mantine/core';
import { readableColorVariables } from './theme-contrast.ts';
import classes from './theme.module.css';

/** Brand blue #205DD3 at index 6 (Mantine's default filled shade), lighter and darker around it. */
export const BRAND_COLOR = '#205DD3';
const brand: MantineColorsTuple = [
  '#e8f0fd',
  '#d0def9',
  '#a3bdf2',
  '#729aeb',
  '#4a7de4',
  '#336be0',
  BRAND_COLOR,
  '#1a4eb3',
  '#153f92',
  '#0f2f6e',
];

/**
 * Secondary text ('dimmed'): Mantine's gray 6 reads at 3.3:1 on white. This gray reads at 4.5:1 or
 * more on white, striped and hovered rows, the gray-2 fills and the brand's lightest tints (the
 * active navigation entry), where secondary text also shows.
 */
export const DIMMED_COLOR = '#5c636a';

// System fonts: no web-font download on slow mobile networks.
const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const PRIMARY_SHADE = 6;

/**
 * Every colour's text, filled and light variants made readable (see theme-contrast.ts). Given to
 * MantineProvider with the theme (it is a provider prop, not a theme field).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) Object.assign(light, readableColorVariables(name, shades, PRIMARY_SHADE));
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': DIMMED_COLOR,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
      // Several selects show their placeholder as the value in force ('Tout le parc'): it must read.
      '--mantine-color-placeholder': DIMMED_COLOR,
    },
    dark: {},
  };
};

// Icon-only buttons Mantine draws itself (close crosses, page arrows) get a French name here, once
// for every screen, rather than at each use.
const CLOSE = { 'aria-label': 'Fermer' };
const PAGE_CONTROLS = { first: 'Première page', previous: 'Page précédente', next: 'Page suivante', last: 'Dernière page' } as const;

/**
 * A component's theme settings. Mantine's `Modal.extend(...)` is the identity, but naming `Modal`
 * here brings the component's code into the first bundle every screen loads, the sign-in screen
 * included (some 40 kB gzip for these); plain objects typed by the component's props don't.
 */
function settings<P>(input: { defaultProps?: Partial<P>; classNames?: Record<string, string> }) {
  return input;
}

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: PRIMARY_SHADE,
  colors: { brand },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // French name for the eye button, worded so it never collides with the field's own label.
    PasswordInput: settings<PasswordInputProps>({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Afficher ou masquer la saisie' } },
    }),
    CloseButton: settings<CloseButtonProps & { 'aria-label'?: string }>({ defaultProps: CLOSE }),
    Modal: settings<ModalProps>({ defaultProps: { closeButtonProps: CLOSE } }),
    Drawer: settings<DrawerProps>({ defaultProps: { closeButtonProps: CLOSE } }),
    Notification: settings<NotificationProps>({ defaultProps: { closeButtonProps: CLOSE } }),
    // A spinner is a span: the name screens give it ('Chargement des parcs') needs a role allowing
    // one. 'status' also suits the unnamed spinners (in loading buttons), which progressbar would not.
    Loader: settings<LoaderProps>({ defaultProps: { role: 'status' } }),
    // Mantine puts an empty focusable placeholder in every menu (so a click does not focus the first
    // item); a menu may only hold menu items, and axe reports it as critical.
    Menu: settings<MenuProps>({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Pagination: settings<PaginationProps>({
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': PAGE_CONTROLS[control] }),
        getItemProps: (page) => ({ 'aria-label': `Page ${page}` }),
      },
    }),
    // Tab bars scroll sideways on a phone instead of wrapping (theme.module.css).
    Tabs: settings<TabsProps>({ classNames: { list: classes.tabsList, tab: classes.tab } }),
  },
});

import { createTheme, PasswordInput, type MantineColorsTuple } from '@mantine/core';

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

// System fonts: no web-font download on slow mobile networks.
const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // French name for the eye button, worded so it never collides with the field's own label.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Afficher ou masquer la saisie' } },
    }),
  },
});

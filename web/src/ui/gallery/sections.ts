import type { ComponentType } from 'react';

/**
 * The widget gallery's sections, one per kit widget family. Each section file renders its widget
 * in every state a person can meet (empty, loading, error, filled ...), and the end-to-end tests of
 * the kit drive them there. Add a line here when a widget joins the kit.
 */
export interface GallerySection {
  id: string;
  title: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const GALLERY_SECTIONS: GallerySection[] = [
  { id: 'dates', title: 'Dates et périodes', load: () => import('./dates.section.tsx') },
  { id: 'uploads', title: 'Images et fichiers', load: () => import('./uploads.section.tsx') },
  { id: 'inputs', title: 'Montants, contacts et pays', load: () => import('./inputs.section.tsx') },
  { id: 'table', title: 'Tableau de données et export', load: () => import('./table.section.tsx') },
  { id: 'dialogs', title: 'Dialogues et listes', load: () => import('./dialogs.section.tsx') },
];

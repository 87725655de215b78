import dayjs from '../../ui/dayjs.ts';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Mardi 18 mars 2025': a day as the planning's headings and tooltips write it. */
export const longDay = (date: Date) => capitalize(dayjs(date).format('dddd D MMMM YYYY'));

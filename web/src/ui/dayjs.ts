import dayjs from 'dayjs';
import 'dayjs/locale/fr';

/**
 * dayjs in French, imported from here (never from 'dayjs' directly) so the locale is always set,
 * and only by the screens that show dates: the first paint does not download dayjs at all.
 */
dayjs.locale('fr');

export default dayjs;

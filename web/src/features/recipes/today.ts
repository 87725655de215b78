/** Today in the park's zone (yyyy-MM-dd): the day labels and default dates follow the park's calendar, not the phone's. */
export const todayIn = (timeZone: string | null | undefined, now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

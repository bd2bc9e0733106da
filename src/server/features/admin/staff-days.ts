/** Korea time (D19): staff's days, and so their lists' periods, begin at midnight in Seoul. */
export const kstMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);
export const nextDay = (day: string) => new Date(kstMidnight(day).getTime() + 24 * 60 * 60 * 1000);

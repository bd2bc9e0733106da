/**
 * How many days a quote was sent for, read back from when it was sent and until when it is valid
 * (quoteValidUntil's inverse): a revision starts from it (issue 33, item 26). A module of its own,
 * so only the staff's quote editor carries it, not every page that reads a quote.
 */
export function quoteValidDays(sentAt: Date | string, validUntil: Date | string): number {
  const sent = new Date(sentAt);
  const kstDay = new Date(sent.getTime() + 9 * 3600_000);
  const midnightKst = Date.UTC(kstDay.getUTCFullYear(), kstDay.getUTCMonth(), kstDay.getUTCDate()) - 9 * 3600_000;
  return Math.max(1, Math.round((new Date(validUntil).getTime() + 1000 - midnightKst) / (24 * 3600_000)) - 1);
}


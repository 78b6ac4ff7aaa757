import ical from 'ical-generator';
import type { CollectedEvent } from './collect';

/**
 * Renders events as an iCalendar (RFC 5545) document with ical-generator: one VEVENT per event, UID = the event id
 * (stable across exports), SEQUENCE = its revision (how many times it was rescheduled), DTSTART/DTEND in UTC
 * (`...Z`), no DTEND for an instant (an event without `endsAt`: RFC 5545 3.6.1, it ends when it starts), all-day
 * events as DATE values, DTSTAMP = `now`. Every content line ends with CRLF, the last one included (R16.5).
 * `name` becomes X-WR-CALNAME; calendar apps are asked to refresh hourly (X-PUBLISHED-TTL).
 */
export function renderIcs(events: readonly CollectedEvent[], options: { name: string; now: Date }): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Tourney', product: 'Tourney', language: 'EN' },
    ttl: 3600,
  });
  for (const e of events) {
    const start = new Date(e.startsAt);
    calendar.createEvent({
      id: e.id,
      stamp: options.now,
      start,
      ...(e.allDay ? { allDay: true } : e.endsAt ? { end: new Date(e.endsAt) } : {}),
      sequence: e.sequence,
      summary: e.title,
      ...(e.description ? { description: e.description } : {}),
    });
  }
  // ical-generator ends the last line (END:VCALENDAR) without the CRLF that RFC 5545 3.1 ends every content line with.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

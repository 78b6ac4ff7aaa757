import ical from 'ical-generator';
import type { CalendarEvent } from '../../contract-types';

/**
 * Renders events as an iCalendar (RFC 5545) document with ical-generator: one VEVENT per event, UID = the event id
 * (stable across exports), DTSTART/DTEND in UTC (`...Z`), all-day events as DATE values, DTSTAMP = `now`.
 * `name` becomes X-WR-CALNAME; calendar apps are asked to refresh hourly (X-PUBLISHED-TTL).
 */
export function renderIcs(events: readonly CalendarEvent[], options: { name: string; now: Date }): string {
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
      ...(e.allDay ? { allDay: true } : { end: e.endsAt ? new Date(e.endsAt) : start }),
      summary: e.title,
      ...(e.description ? { description: e.description } : {}),
    });
  }
  return calendar.toString();
}

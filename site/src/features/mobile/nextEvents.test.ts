import type { UserMonitorSource } from '@coinlens/contract';
import { orderNextEvents } from './nextEvents';

const source = (id: number, status: number, time: number): UserMonitorSource => ({
  id,
  logo: `/logo/${id}.png`,
  author: `Host ${id}`,
  title: `Event ${id}`,
  status: status as UserMonitorSource['status'],
  time,
  heat: 0,
  link: `https://example.com/${id}`,
  addedAt: 0,
  unread: false,
});

const ids = (list: { events: UserMonitorSource[] }) => list.events.map((event) => event.id);

describe('orderNextEvents', () => {
  it('puts live events first, then upcoming ones, each soonest first', () => {
    const live = [source(1, 2, 500), source(2, 2, 100)];
    const upcoming = [source(3, 1, 9000), source(4, 1, 2000), source(5, 1, 4000)];
    expect(ids(orderNextEvents(live, upcoming))).toEqual([2, 1, 4, 5, 3]);
  });

  it('shows at most five and counts the rest, including those on pages not loaded', () => {
    const upcoming = Array.from({ length: 8 }, (_, index) => source(index + 1, 1, 1000 + index));
    const list = orderNextEvents([], upcoming, { upcomingTotal: 12 });
    expect(ids(list)).toEqual([1, 2, 3, 4, 5]);
    expect(list.more).toBe(7);
  });

  it('counts a source in both answers once, as live, and leaves other statuses out', () => {
    const live = [source(1, 2, 100)];
    const upcoming = [source(1, 1, 100), source(2, 1, 200), source(3, 5, 50)];
    const list = orderNextEvents(live, upcoming);
    expect(ids(list)).toEqual([1, 2]);
    expect(list.events[0]!.status).toBe(2);
    expect(list.more).toBe(0);
  });

  it('is empty with nothing live or to come', () => {
    expect(orderNextEvents([], [])).toEqual({ events: [], more: 0 });
  });

  it('orders sources starting at the same time by id, so the list does not jump', () => {
    expect(ids(orderNextEvents([], [source(9, 1, 100), source(3, 1, 100)]))).toEqual([3, 9]);
  });
});

import { queryPaths } from './query-paths';

describe('queryPaths', () => {
  it('lists the fields of a selector through $and, $or, $nor and $not, and the sort keys', () => {
    const paths = queryPaths({
      selector: { klass: 'Subscription', $or: [{ 'user.label': { $regex: 'a' } }, { $not: { email: 'x' } }], $nor: [{ status: 'pending' }] },
      sort: [{ 'user.email': 'asc' }],
    });
    expect(paths).toEqual(expect.arrayContaining([['klass'], ['user', 'label'], ['email'], ['status'], ['user', 'email']]));
    expect(paths).toHaveLength(5);
  });

  it('names what an $elemMatch looks at by the array’s path plus the child’s, and the element itself by the array’s path', () => {
    expect(queryPaths({ selector: { status_events: { $elemMatch: { user_label: { $regex: '@' } } } } })).toEqual([['status_events', 'user_label']]);
    expect(queryPaths({ selector: { tags: { $elemMatch: { $eq: 'x' } } } })).toEqual([['tags']]);
  });
});

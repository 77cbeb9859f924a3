import { firstPage, firstPageCaption, listQuery, nextPage, offsetOf, pageCount, previousPage, rangeLabel, readPage, totalText, withFilters, withPage } from './paging';

describe('paging', () => {
  it('turns page numbers into offsets', () => {
    expect(offsetOf({ page: 1, pageSize: 25 })).toBe(0);
    expect(offsetOf({ page: 3, pageSize: 10 })).toBe(20);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('reads the page and its cursor from the address, the trail from the navigation state, and ignores odd values', () => {
    expect(readPage(new URLSearchParams('page=3&size=50'))).toEqual({ page: 3, pageSize: 50 });
    expect(readPage(new URLSearchParams('page=-1&size=7'))).toEqual({ page: 1, pageSize: 25 });
    expect(readPage(new URLSearchParams('page=2.5'))).toEqual({ page: 1, pageSize: 25 });
    expect(readPage(new URLSearchParams('page=3&size=10&cursor=c2'), { trail: ['', 'c1'] })).toEqual({ page: 3, pageSize: 10, cursor: 'c2', trail: ['', 'c1'] });
    expect(readPage(new URLSearchParams('cursor='), { trail: [1, 2] })).toEqual({ page: 1, pageSize: 25 });
  });

  it('asks a page by cursor when it has one, else by offset; sends only the filters that have a value, trimmed', () => {
    expect(listQuery({ page: 2, pageSize: 10 }, { q: '  acme ', enabled: '', openId: undefined })).toEqual({ limit: '10', offset: '10', q: 'acme' });
    expect(listQuery({ page: 2, pageSize: 10, cursor: 'c1' }, { q: 'acme' })).toEqual({ limit: '10', cursor: 'c1', q: 'acme' });
  });

  it('walks forward along nextCursor and back along the trail, to the first page', () => {
    const first = { page: 1, pageSize: 10 };
    const second = nextPage(first, 'c1');
    const third = nextPage(second, 'c2');
    expect(third).toEqual({ page: 3, pageSize: 10, cursor: 'c2', trail: ['', 'c1'] });
    expect(previousPage(third)).toEqual(second);
    expect(previousPage(second)).toEqual({ page: 1, pageSize: 10, trail: [] });
    expect(previousPage(first)).toBeUndefined();
    expect(firstPage(third)).toEqual(first);
  });

  it('goes back by number from a numbered page, and not at all from a page opened by a link with a cursor (First is the way back)', () => {
    expect(previousPage({ page: 4, pageSize: 25 })).toEqual({ page: 3, pageSize: 25 });
    expect(previousPage({ page: 4, pageSize: 25, cursor: 'c3' })).toBeUndefined();
  });

  it('writes the page, its size and its cursor into the address, keeping the rest', () => {
    const search = new URLSearchParams('q=acme&cursor=old');
    expect(withPage(search, { page: 2, pageSize: 50, cursor: 'c1', trail: [''] }).toString()).toBe('q=acme&cursor=c1&page=2&size=50');
    expect(withPage(search, { page: 1, pageSize: 50 }).toString()).toBe('q=acme&page=1&size=50');
  });

  it('sets several filters in one address, removes the emptied ones, keeps the others and goes back to the first page (a cursor is bound to its filters)', () => {
    const search = new URLSearchParams('page=3&size=50&cursor=c2&openId=open-1&state=active&tab=x');
    expect(withFilters(search, { openId: '', permissionCode: 'cloud-30', ipcMac: 'aa:bb:cc:dd:ee:01', state: undefined }).toString()).toBe(
      'size=50&state=active&tab=x&permissionCode=cloud-30&ipcMac=aa%3Abb%3Acc%3Add%3Aee%3A01',
    );
    expect(search.toString()).toBe('page=3&size=50&cursor=c2&openId=open-1&state=active&tab=x');
  });

  it('labels the range shown, an estimated total as "about"', () => {
    expect(rangeLabel({ page: 2, pageSize: 25 }, 25, 73)).toBe('26–50 of 73');
    expect(rangeLabel({ page: 3, pageSize: 25 }, 23, 73)).toBe('51–73 of 73');
    expect(rangeLabel({ page: 1, pageSize: 25 }, 0, 0)).toBe('none');
    expect(rangeLabel({ page: 41, pageSize: 25, cursor: 'c40' }, 25, 1_234_567, true)).toBe('1,001–1,025 of about 1,234,567');
    expect(rangeLabel({ page: 2, pageSize: 25, cursor: 'c1' }, 0, 25)).toBe('no more rows');
    expect(totalText(1001, true)).toBe('about 1,001');
  });

  it('captions a look-up list that shows its first page only', () => {
    expect(firstPageCaption('Devices', 3, 3)).toBe('Devices');
    expect(firstPageCaption('Devices', 100, 250)).toBe('Devices (first 100 of 250)');
    expect(firstPageCaption('Grants', 100, 5_000, true)).toBe('Grants (first 100 of about 5,000)');
  });
});

/** The page and size of a simple admin list in the URL (p3 §9: sizes 10, 25, 50, 100), forgiving of a hand-edited URL. */
export const LIST_PAGE_SIZES: readonly number[] = [10, 25, 50, 100];

export interface ListPage {
  page: number;
  /** null: the list's default size. */
  size: number | null;
}

export function parseListPage(params: URLSearchParams): ListPage {
  const page = Number(params.get("page"));
  const size = Number(params.get("size"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    size: LIST_PAGE_SIZES.includes(size) ? size : null,
  };
}

/** `path?page=2&size=50`, leaving out page 1 and the default size. */
export function listPageHref(path: string, page: number, size: number, defaultSize: number): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (size !== defaultSize) params.set("size", String(size));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const DEFAULT_PAGE_SIZE = 10;

/** Query of the paged /v1 lists (bills, contracts, members, activity logs). */
export interface PageQuery {
  /** The page number, starting at 1 (not a row offset): what the API calls `offset`. */
  offset: number;
  limit: number;
}

function positiveInteger(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

/**
 * docs/limits-and-timing.md: offset starts at 1. antd Table's `current` is also 1-based, so it maps straight across;
 * nonsense (0, NaN, negative) falls back to the first page and the default size.
 * @example toPageQuery(pagination.current, pagination.pageSize) // { offset: 2, limit: 20 }
 */
export function toPageQuery(page = 1, limit = DEFAULT_PAGE_SIZE): PageQuery {
  return { offset: positiveInteger(page, 1), limit: positiveInteger(limit, DEFAULT_PAGE_SIZE) };
}

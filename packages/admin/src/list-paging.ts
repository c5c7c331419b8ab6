import { z } from 'zod';

/** The page and page size of a back-office list query (25 a page, at most 100), for `z.object({ ...listPaging })`. */
export const listPaging = {
  page: z.coerce
    .number('Give a page number.')
    .int('Give a page number.')
    .min(1, 'Pages start at 1.')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number('Give a page size.')
    .int('Give a page size.')
    .min(1, 'Show at least 1 per page.')
    .max(100, 'Show at most 100 per page.')
    .default(25),
};

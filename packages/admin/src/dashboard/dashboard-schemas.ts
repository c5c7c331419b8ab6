import { z } from 'zod';
import { auditEntrySchema } from '../audit/audit-schemas';

/** `GET /admin/api/dashboard`: the commerce figures are null when BigCommerce runs the shop. */

export const dashboardSchema = z.object({
  commerce: z
    .object({
      today: z.object({ orders: z.number(), byStatus: z.record(z.string(), z.number()) }),
      revenue: z.array(
        z.object({
          region: z.string(),
          currencyCode: z.string(),
          todayMinor: z.number(),
          last7DaysMinor: z.number(),
          ordersLast7Days: z.number(),
        }),
      ),
      lowStock: z.array(
        z.object({
          productId: z.number(),
          variantId: z.number().nullable(),
          productName: z.string(),
          sku: z.string(),
          level: z.number(),
        }),
      ),
    })
    .nullable(),
  recentActivity: z.array(auditEntrySchema),
});

export type DashboardData = z.infer<typeof dashboardSchema>;

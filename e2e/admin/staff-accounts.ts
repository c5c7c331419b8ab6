import type { StaffRole } from '@piste/admin';

/** The back office's e2e staff, one per role (created by create-staff.ts before the shop starts). */
export const E2E_STAFF = {
  owner: { email: 'owner@piste.test', name: 'Olivia Owner', role: 'owner' },
  merchandiser: { email: 'merchandiser@piste.test', name: 'Max Merchandiser', role: 'merchandiser' },
  support: { email: 'support@piste.test', name: 'Sam Support', role: 'support' },
} as const satisfies Record<StaffRole, { email: string; name: string; role: StaffRole }>;

export const E2E_STAFF_PASSWORD = 'Piste back office 2026!';

import type { StaffRole } from './roles';

/** The signed-in staff member a change is made by; commands act as `{ id: null, label: 'command' }`. */
export interface StaffActor {
  id: number | null;
  email: string;
  name: string;
  role: StaffRole;
}

/** What the audit log and histories record as the author: the email, which outlives the account. */
export function actorLabel(actor: StaffActor): string {
  return actor.id === null ? `${actor.name} (command)` : actor.email;
}

/** The actor of a command-line tool (catalogue:import, staff:create). */
export function commandActor(command: string): StaffActor {
  return { id: null, email: '', name: command, role: 'owner' };
}

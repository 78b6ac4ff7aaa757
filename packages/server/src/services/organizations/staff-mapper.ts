import type { StaffRole } from '../../auth/auth-context';
import type { StaffMember } from '../../contract-types';

/** A staff membership joined with its user, as the staff reads select it. */
export interface StaffMemberRow {
  id: string;
  user_id: string;
  role: string;
  joined_at: string;
  username: string;
  display_name: string | null;
}

/** The columns of a StaffMemberRow, for `select` over `organization_members as m` joined with `users as u`. */
export const STAFF_MEMBER_COLUMNS = ['m.id', 'm.user_id', 'm.role', 'm.joined_at', 'u.username', 'u.display_name'] as const;

/** The API shape of a staff membership (R13.4): membership id, the user, the role, when they joined (UTC ISO 8601). */
export function toStaffMember(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    displayName: row.display_name,
    role: row.role as StaffRole,
    joinedAt: row.joined_at,
  };
}

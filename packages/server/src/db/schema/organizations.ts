/** Row types of the organization tables: organizations, organization_members, projects, staff_invitations. */

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  website: string | null;
  created_at: string;
  updated_at: string;
}

/** Staff of an organization; role OWNER | ADMIN | ORGANIZER | MODERATOR. */
export interface OrganizationMembersTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: string;
  joined_at: string;
}

/** A project of an organization; plan FREE | PRO (PRO includes anti-cheat). */
export interface ProjectsTable {
  id: string;
  organization_id: string;
  name: string;
  plan: string;
  created_at: string;
  updated_at: string;
}

/**
 * A staff invitation (R13.5): to a user (invited_user_id) or an email with no account yet; the token kept as SHA-256.
 */
export interface StaffInvitationsTable {
  id: string;
  organization_id: string;
  token_hash: string;
  invited_user_id: string | null;
  /** Lower-cased email for invitations by email, else null. */
  invited_email: string | null;
  role: string;
  invited_by_user_id: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by_user_id: string | null;
  /** Set when a newer invitation of the same person replaced this one. */
  revoked_at: string | null;
}

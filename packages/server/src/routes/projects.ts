import type { OperationHandlers } from '../http/operation';
import { created, listed, ok } from '../http/reply';

/** Project operations: createProject, listProjects, getProject, updateProject. */
export const projectHandlers: OperationHandlers = {
  createProject: async (ctx, { params, body }) => created(await ctx.services.projects.create(ctx.state.auth, params.id, body)),
  listProjects: async (ctx, { params, query }) => listed(await ctx.services.projects.list(ctx.state.auth, params.id, query)),
  getProject: async (ctx, { params }) => ok(await ctx.services.projects.get(ctx.state.auth, params.id)),
  updateProject: async (ctx, { params, body }) => ok(await ctx.services.projects.update(ctx.state.auth, params.id, body)),
};

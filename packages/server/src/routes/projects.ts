import type { OperationHandlers } from '../http/operation';
import { sendData, sendList } from '../http/respond';
import type { PageQuery } from '../db/page-query';
import type { ProjectCreateInput, ProjectUpdateInput } from '../services/projects/project-service';

/** Project operations: createProject, listProjects, getProject, updateProject. */
export const projectHandlers: OperationHandlers = {
  createProject: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.projects.create(ctx.state.auth, params.id!, body as ProjectCreateInput), 201);
  },
  listProjects: async (ctx) => {
    const { params, query } = ctx.state.input;
    const page = await ctx.services.projects.list(ctx.state.auth, params.id!, query as unknown as PageQuery);
    sendList(ctx, page.items, page.pagination);
  },
  getProject: async (ctx) => {
    sendData(ctx, await ctx.services.projects.get(ctx.state.auth, ctx.state.input.params.id!));
  },
  updateProject: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.projects.update(ctx.state.auth, params.id!, body as ProjectUpdateInput));
  },
};

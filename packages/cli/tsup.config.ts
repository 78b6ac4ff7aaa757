import { defineConfig } from 'tsup';
import { nodeProgramBuild } from '../../tsup.library';

export default defineConfig(nodeProgramBuild('src/bin.ts'));

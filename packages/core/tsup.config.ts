import { defineConfig } from 'tsup';
import { libraryBuild } from '../../tsup.library';

export default defineConfig({ ...libraryBuild, target: 'node20' });

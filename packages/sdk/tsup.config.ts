import { defineConfig } from 'tsup';
import { libraryBuild } from '../../tsup.library';

export default defineConfig({ ...libraryBuild, target: 'es2022', platform: 'neutral' });

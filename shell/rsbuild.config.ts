import { defineShellConfig } from '@quarry/shared/rsbuild';

export default defineShellConfig();

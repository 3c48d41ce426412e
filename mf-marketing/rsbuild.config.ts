import { defineRemoteConfig } from '@quarry/shared/rsbuild';

export default defineRemoteConfig('mf-marketing');

// Standalone harness: this remote's routes on their own, for working on the area alone.
import { renderStandalone } from '@quarry/shared';
import remote from './routes';

renderStandalone(remote);

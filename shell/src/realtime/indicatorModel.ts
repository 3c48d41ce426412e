import type { ConnectionState } from '@quarry/shared';
import type { PingTestState } from './connection';

export interface IndicatorModel {
  /** Short text on the pill. */
  label: string;
  /** What a click does, for the accessible name and the tooltip. */
  description: string;
  palette: 'green' | 'yellow' | 'gray' | 'red' | 'blue';
  clickable: boolean;
}

/** What the header's indicator shows for a connection state and ping-test state. */
export function indicatorModel(state: ConnectionState, ping: PingTestState): IndicatorModel {
  if (state === 'connected') {
    if (ping === 'testing') return { label: 'Testing…', description: 'Waiting for the server to answer the ping', palette: 'blue', clickable: false };
    if (ping === 'success') return { label: 'Ping OK', description: 'The server answered the ping', palette: 'green', clickable: false };
    if (ping === 'failed') return { label: 'No reply', description: 'The server did not answer the ping within 5 seconds', palette: 'red', clickable: false };
    return { label: 'Live', description: 'Real-time connection: connected. Click to test it with a ping.', palette: 'green', clickable: true };
  }
  if (state === 'connecting') return { label: 'Connecting…', description: 'Real-time connection: connecting', palette: 'yellow', clickable: false };
  if (state === 'error') return { label: 'Connection lost', description: 'Real-time connection lost. Click to try again.', palette: 'red', clickable: true };
  return { label: 'Offline', description: 'Real-time connection: disconnected', palette: 'gray', clickable: false };
}

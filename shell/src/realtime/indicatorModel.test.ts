import { indicatorModel } from './indicatorModel';

describe('indicatorModel', () => {
  it('shows each connection state', () => {
    expect(indicatorModel('connected', 'idle')).toMatchObject({ label: 'Live', palette: 'green', clickable: true });
    expect(indicatorModel('connecting', 'idle')).toMatchObject({ label: 'Connecting…', clickable: false });
    expect(indicatorModel('disconnected', 'idle')).toMatchObject({ label: 'Offline', palette: 'gray', clickable: false });
    expect(indicatorModel('error', 'idle')).toMatchObject({ label: 'Connection lost', palette: 'red', clickable: true });
  });

  it('shows the ping test while connected', () => {
    expect(indicatorModel('connected', 'testing')).toMatchObject({ label: 'Testing…', clickable: false });
    expect(indicatorModel('connected', 'success')).toMatchObject({ label: 'Ping OK', palette: 'green' });
    expect(indicatorModel('connected', 'failed')).toMatchObject({ label: 'No reply', palette: 'red' });
  });
});

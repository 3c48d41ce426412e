import { Box, Button, Spinner } from '@chakra-ui/react';
import { useConnectionState, useObservable } from '@quarry/shared';
import { indicatorModel } from './indicatorModel';
import { getRealtimeConnection } from './service';

/**
 * The live-connection indicator in the header: shows the state; a click while
 * connected runs the ping test; a click after 'Connection Lost' starts again.
 */
export function ConnectionIndicator() {
  const connection = getRealtimeConnection();
  const state = useConnectionState();
  const ping = useObservable(connection.pingTest$, connection.getPingTestState());
  const model = indicatorModel(state, ping);
  const onClick = () => {
    if (state === 'connected') connection.testPing();
    else if (state === 'error') connection.reconnect();
  };
  return (
    <Button
      data-testid="connection-indicator"
      data-state={state}
      data-ping={ping}
      size="xs"
      variant="surface"
      colorPalette={model.palette}
      rounded="full"
      flexShrink={0}
      aria-label={model.description}
      title={model.description}
      onClick={model.clickable ? onClick : undefined}
      cursor={model.clickable ? 'pointer' : 'default'}
    >
      {ping === 'testing' || state === 'connecting' ? (
        <Spinner size="xs" />
      ) : (
        <Box as="span" boxSize="2" rounded="full" bg="colorPalette.solid" aria-hidden />
      )}
      {/* below md only the coloured dot shows; the button's name still says the state */}
      <Box as="span" aria-live="polite" display={{ base: 'none', md: 'inline' }}>
        {model.label}
      </Box>
    </Button>
  );
}

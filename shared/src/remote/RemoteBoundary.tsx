import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router';

/**
 * The pathless layout route every remote puts around its routes: it marks the DOM with
 * the remote's name and build version, so a redeployed remote is visible after reload.
 */
export function RemoteBoundary({ name, version }: { name: string; version: string }) {
  return (
    <Box data-remote={name} data-remote-version={version} display="contents">
      <Outlet />
    </Box>
  );
}

// A link that looks like a button: Chakra's Button rendered as the router's Link (one <a>),
// the form every "Back to …", "Go to …" and "View …" action of the apps takes.
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link, type To } from 'react-router';

export interface ButtonLinkProps extends Omit<ButtonProps, 'asChild'> {
  to: To;
}

/** The button's props (size, variant, colour, aria-label, onClick) end up on the link. */
export function ButtonLink({ to, children, ...button }: ButtonLinkProps) {
  return (
    <Button asChild {...button}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}

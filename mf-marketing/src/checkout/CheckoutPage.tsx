import { Alert, Badge, Box, Card, Code, Container, DataList, Flex, Grid, Heading, Icon, Separator, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, useAuth, type AuthStatus, DataListItem } from '@quarry/shared';
import { CreditCard, Lock, Receipt } from 'lucide-react';
import { useParams } from 'react-router';
import { billingCycleText } from './billingCycle';
import {
  CHECKOUT_FRAME_CLASS,
  buildCheckoutRequest,
  formatMoney,
  resolvePriceId,
  sandboxCheckoutData,
  type CheckoutCustomer,
  type CheckoutData,
} from './checkoutData';

function OrderSummary({ data, priceId }: { data: CheckoutData | null; priceId: string }) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="order-summary-title">
      <Card.Header>
        <Flex gap="2" align="center">
          <Icon color="fg.muted" size="sm">
            <Receipt />
          </Icon>
          <Card.Title id="order-summary-title" as="h2">
            Order summary
          </Card.Title>
        </Flex>
      </Card.Header>
      <Card.Body gap="4">
        {!data ? (
          <EmptyState
            title="No details for this price yet"
            description={
              <>
                The payment provider shows the details of <Code size="sm">{priceId}</Code> once it is connected.
              </>
            }
          />
        ) : (
          <>
            <Stack gap="3" as="ul" listStyleType="none">
              {data.items.map((item) => (
                <Flex as="li" key={item.price_id} justify="space-between" gap="4" align="flex-start">
                  <Stack gap="0.5">
                    <Text fontWeight="medium">{item.price_name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      Billed <span data-testid="billing-cycle">{billingCycleText(item.billing_cycle)}</span> · Qty {item.quantity}
                    </Text>
                  </Stack>
                </Flex>
              ))}
            </Stack>
            <Separator />
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item justifyContent="space-between">
                <DataList.ItemLabel>Subtotal</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end">{formatMoney(data.totals.subtotal, data.currency_code)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item justifyContent="space-between">
                <DataList.ItemLabel>Tax</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end">{formatMoney(data.totals.tax, data.currency_code)}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <Separator />
            <Flex justify="space-between" fontWeight="semibold" fontSize="lg">
              <Text>Total due today</Text>
              <Text>{formatMoney(data.totals.total, data.currency_code)}</Text>
            </Flex>
            {data.recurring_totals ? (
              <Text fontSize="sm" color="fg.muted">
                Then {formatMoney(data.recurring_totals.total, data.currency_code)}{' '}
                {billingCycleText(data.items[0]?.billing_cycle ?? null)}.
              </Text>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CheckoutFrameArea({ priceId, customer }: { priceId: string; customer: CheckoutCustomer }) {
  const request = buildCheckoutRequest(priceId, customer);
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="payment-title">
      <Card.Header>
        <Flex gap="2" align="center" justify="space-between" wrap="wrap">
          <Flex gap="2" align="center">
            <Icon color="fg.muted" size="sm">
              <CreditCard />
            </Icon>
            <Card.Title id="payment-title" as="h2">
              Payment
            </Card.Title>
          </Flex>
          <Badge colorPalette="orange" variant="subtle">
            Sandbox
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body gap="4">
        {/* Where the provider's inline checkout frame mounts (settings.frameTarget). */}
        <Flex
          className={CHECKOUT_FRAME_CLASS}
          data-testid="checkout-frame"
          data-price-id={priceId}
          data-quantity={request.items[0]?.quantity}
          data-customer-email={request.customer?.email}
          data-user-id={request.customData?.user_id}
          minH="80"
          rounded="l2"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor="border.emphasized"
          bg="bg.subtle"
          align="center"
          justify="center"
          p="6"
          textAlign="center"
        >
          <Stack gap="3" align="center" maxW="sm">
            <Icon color="fg.muted" size="xl">
              <Lock />
            </Icon>
            <Text fontWeight="semibold">Payment provider (sandbox)</Text>
            <Text fontSize="sm" color="fg.muted">
              The provider&apos;s secure checkout frame appears here. It is not connected in this environment, so no payment
              can be made and no card details are collected.
            </Text>
          </Stack>
        </Flex>
        <DataList.Root orientation="horizontal" size="sm">
          <DataListItem label="Account">{customer.email}</DataListItem>
          <DataListItem label="Price">
            <Code size="sm">{priceId}</Code>
          </DataListItem>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

export interface CheckoutViewProps {
  /** The route's price id; the default fallback is used when it is missing. */
  priceId: string | undefined;
  customer: CheckoutCustomer | null;
  authStatus: AuthStatus;
}

/** The checkout screen for a given price and user (docs/product/marketing.md#checkout). */
export function CheckoutView({ priceId: rawPriceId, customer, authStatus }: CheckoutViewProps) {
  const priceId = resolvePriceId(rawPriceId);
  let content;
  if (!customer && (authStatus === 'idle' || authStatus === 'loading')) {
    content = <LoadingState text="Loading your account..." />;
  } else if (!customer) {
    content = <ErrorState title="You are signed out" message="Sign in again to continue to checkout." />;
  } else {
    content = (
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
        <CheckoutFrameArea priceId={priceId} customer={customer} />
        {/* On small screens the summary comes first: what you buy before how you pay. */}
        <Box order={{ base: -1, lg: 0 }}>
          <OrderSummary data={sandboxCheckoutData(priceId)} priceId={priceId} />
        </Box>
      </Grid>
    );
  }
  return (
    <Container maxW="5xl" py={{ base: '4', md: '6' }} px="0">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Checkout
          </Heading>
          <Text color="fg.muted">Review your order and complete your subscription.</Text>
        </Box>
        <Alert.Root status="warning" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Sandbox mode</Alert.Title>
            <Alert.Description>Payments are not processed in this environment.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {content}
      </Stack>
    </Container>
  );
}

export default function CheckoutPage() {
  const { priceId } = useParams();
  const { user, status } = useAuth();
  return <CheckoutView priceId={priceId} customer={user ? { id: user.id, email: user.email } : null} authStatus={status} />;
}

// The page of a single-step job type (OCR, chunking): its header, then the start form in a
// card beside the recent jobs of that type (one column on a narrow screen).
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { PageHeader } from '@quarry/shared';
import type { ReactNode } from 'react';
import { SectionCard } from './cards';

export interface StartJobLayoutProps {
  title: string;
  description: string;
  /** the start form's card title */
  formTitle: string;
  /** the recent jobs card */
  recent: ReactNode;
  /** the form's fields and its start button */
  children: ReactNode;
}

export function StartJobLayout({ title, description, formTitle, recent, children }: StartJobLayoutProps) {
  return (
    <Stack gap="6">
      <PageHeader title={title} description={description} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <SectionCard title={formTitle}>
          <Stack gap="4">{children}</Stack>
        </SectionCard>
        {recent}
      </SimpleGrid>
    </Stack>
  );
}

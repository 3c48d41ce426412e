import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';

export function SearchInput({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (v: string) => void; placeholder: string }) {
  return (
    <InputGroup startElement={<Search size={16} />} flex="1" minW={{ base: 'full', sm: '60' }} maxW={{ sm: 'sm' }}>
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </InputGroup>
  );
}

import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderUi } from '../test/render';
import { TemplateField } from './TemplateField';

function Harness({ initial, type }: { initial: string; type: 'text' | 'table' }) {
  const [value, setValue] = useState(initial);
  const [preview, setPreview] = useState(false);
  return <TemplateField value={value} onChange={setValue} type={type} preview={preview} onPreviewChange={setPreview} />;
}

const MSG = 'Invalid variable - not available for this prompt type';

describe('the template field', () => {
  it('flags a wrong variable live, at its place, and clears the flag once fixed', () => {
    renderUi(<Harness initial="" type="text" />);
    const box = screen.getByRole('textbox', { name: /Template/ });
    fireEvent.change(box, { target: { value: 'A {{ text_chunk }}\nB {{ header }}' } });
    expect(screen.getByRole('list', { name: 'Invalid variables' })).toHaveTextContent(`{{ header }} at line 2, column 3: ${MSG}`);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByLabelText('Template preview')).toHaveTextContent(`{{ header }} (${MSG})`);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Template/ }), { target: { value: 'A {{ text_chunk }}' } });
    expect(screen.queryByRole('list', { name: 'Invalid variables' })).toBeNull();
  });

  it('checks against the type: header is fine in a table prompt', () => {
    renderUi(<Harness initial="{{ header }} {{ row_chunk }} {{ text_chunk }}" type="table" />);
    const list = screen.getByRole('list', { name: 'Invalid variables' });
    expect(list).toHaveTextContent('{{ text_chunk }}');
    expect(list).not.toHaveTextContent('{{ header }}');
  });
});

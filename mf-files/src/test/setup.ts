import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A shared two-core machine: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no PointerEvent; Chakra's checkboxes and dialogs (zag-js) construct them.
if (typeof window !== 'undefined' && !('PointerEvent' in window)) {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventStub });
}

// The design system: import UI pieces from here.
export { Alert } from './alert.tsx';
export { Button, type ButtonProps } from './button.tsx';
export { Card } from './card.tsx';
export { cx } from './cx.ts';
export { SelectField, TextField } from './field.tsx';
export { Modal, type ModalProps } from './modal.tsx';
export { Spinner } from './spinner.tsx';

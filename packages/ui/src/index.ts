export { Button, type ButtonProps } from './Button.tsx';
export {
  TextField,
  SearchField,
  NumberField,
  type TextFieldProps,
  type NumberFieldProps,
} from './fields.tsx';
export { Dialog, ConfirmDialog, type DialogProps, type ConfirmDialogProps } from './Dialog.tsx';
export { DataTable, type Column, type DataTableProps } from './DataTable.tsx';
export { Pager, pageButtons, type PagerProps } from './Pager.tsx';
export { StatusBadge, statusLabel, type BadgeTone } from './StatusBadge.tsx';
export { ThemeToggle } from './ThemeToggle.tsx';
export { Sidebar, type NavGroup, type NavItem, type SidebarProps } from './Sidebar.tsx';
export { DropdownMenu, DropdownPanel, type DropdownItem } from './Dropdown.tsx';
export { Toaster, toast, type ToastKind } from './toast.tsx';
export { SelectField, type SelectFieldProps } from './SelectField.tsx';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField.tsx';
export { ListToolbar, ToolbarSelect, FiltersButton, type ListToolbarProps } from './ListToolbar.tsx';
export { ErrorBanner, MenuToggle } from './Banner.tsx';
export { PasswordField, type PasswordFieldProps } from './PasswordField.tsx';
export { Avatar } from './Avatar.tsx';
export { DetailList } from './DetailList.tsx';
export { ImageField, type ImageFieldProps } from './ImageField.tsx';
export {
  DateInputField,
  TimeInputField,
  type DateInputFieldProps,
  type TimeInputFieldProps,
} from './fields.tsx';
export { RangeSlider, type RangeSliderProps } from './RangeSlider.tsx';
export { MultiSelect, type MultiSelectProps, type Option } from './MultiSelect.tsx';
export { Tabs, type TabItem, type TabsProps } from './Tabs.tsx';
export { Card, type CardProps } from './Card.tsx';
export { FilterDialog, type FilterDialogProps } from './FilterDialog.tsx';
export { CheckboxGroupField, type CheckboxGroupFieldProps } from './CheckboxGroupField.tsx';
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField.tsx';
export { MoneyField, type MoneyFieldProps } from './MoneyField.tsx';
export { RejectionDialog, type Rejection, type RejectionDialogProps } from './RejectionDialog.tsx';
export { StepProgress, type StepProgressProps } from './StepProgress.tsx';
export { Timeline, type TimelineEntry } from './Timeline.tsx';
export { FileField, type FileFieldProps } from './FileField.tsx';
export { Carousel, type CarouselProps } from './Carousel.tsx';
export { Honeypot } from './Honeypot.tsx';
export { BarChart, DonutChart, useWidth, type ChartDatum } from './Charts.tsx';

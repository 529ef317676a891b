import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityStatement } from '../features/shell/accessibility-statement.tsx';

export const Route = createFileRoute('/accessibility')({ component: AccessibilityStatement });

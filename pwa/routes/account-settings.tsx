import { createFileRoute } from '@tanstack/react-router'
import { AccountSettings } from '../features/account/account-settings'

export const Route = createFileRoute('/account-settings')({ component: AccountSettings })

import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddCardIcon from '@mui/icons-material/AddCardOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import ChatIcon from '@mui/icons-material/ForumOutlined';
import CommunityIcon from '@mui/icons-material/Diversity3Outlined';
import ComputerIcon from '@mui/icons-material/ComputerOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import ExtensionIcon from '@mui/icons-material/ExtensionOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import HelpCenterIcon from '@mui/icons-material/HelpCenterOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooksOutlined';
import MemoryIcon from '@mui/icons-material/StorageOutlined';
import SpellcheckIcon from '@mui/icons-material/SpellcheckOutlined';
import NoteIcon from '@mui/icons-material/StickyNote2Outlined';
import PasswordIcon from '@mui/icons-material/PasswordOutlined';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLockOutlined';
import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import RecommendIcon from '@mui/icons-material/RecommendOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import SubAccountsIcon from '@mui/icons-material/SupervisorAccountOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import TelegramIcon from '@mui/icons-material/Telegram';
import TranslateIcon from '@mui/icons-material/TranslateOutlined';
import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { SideIcon } from './sidebar-menu';

export const SIDE_ICONS: Record<SideIcon, ComponentType<SvgIconProps>> = {
  dashboard: DashboardIcon,
  projects: FolderIcon,
  openProjects: WorkIcon,
  myTeam: GroupsIcon,
  notes: NoteIcon,
  terminology: SpellcheckIcon,
  glossary: LibraryBooksIcon,
  memory: MemoryIcon,
  invoices: ReceiptIcon,
  statements: AccountBalanceIcon,
  balance: WalletIcon,
  buyCredits: AddCardIcon,
  partners: ExtensionIcon,
  apiDocs: MenuBookIcon,
  apiKeys: KeyIcon,
  chat: ChatIcon,
  account: BadgeIcon,
  billing: HomeWorkIcon,
  mailing: MailIcon,
  subAccounts: SubAccountsIcon,
  messages: InboxIcon,
  twoFactor: PhonelinkLockIcon,
  password: PasswordIcon,
  privacy: PolicyIcon,
  contactSupport: SupportAgentIcon,
  helpCenter: HelpCenterIcon,
  community: CommunityIcon,
  languages: TranslateIcon,
  expertise: SchoolIcon,
  availability: ScheduleIcon,
  references: RecommendIcon,
  software: ComputerIcon,
  guidelines: DescriptionIcon,
  telegram: TelegramIcon,
};

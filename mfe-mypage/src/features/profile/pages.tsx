import { ProfileScreen } from './profile-page';

/** The three routes of the one profile form (route table: registerProfile, profile, profileBeforeEntry). */
export const RegisterProfilePage = () => <ProfileScreen variant="register" />;
export const ProfileEditPage = () => <ProfileScreen variant="edit" />;
export const ProfileBeforeEntryPage = () => <ProfileScreen variant="beforeEntry" />;

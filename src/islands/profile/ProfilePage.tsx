import { useSignedInUser } from '../account/useSignedInUser';
import ProfileInfo from './ProfileInfo';
import SavedAddresses from './SavedAddresses';
import OrderNewsCard from './OrderNewsCard';
import SignOutEverywhere from './SignOutEverywhere';
import { fromStorage } from '../common/fromStorage';

/** `/profile`: the shopper's details and address book. */
function ProfilePage() {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 lg:gap-8">
      <ProfileInfo key={`${user.id}:${user.name}:${user.email}:${user.profilePicture.length}`} user={user} />
      <SavedAddresses />
      <OrderNewsCard />
      <SignOutEverywhere />
    </div>
  );
}

export default fromStorage(ProfilePage, { cards: 2, columns: true });

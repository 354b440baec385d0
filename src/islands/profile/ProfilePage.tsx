import { useSignedInUser } from '#src/islands/account/useSignedInUser.ts';
import ProfileInfo from './ProfileInfo.tsx';
import SavedAddresses from './SavedAddresses.tsx';
import OrderNewsCard from './OrderNewsCard.tsx';
import SignOutEverywhere from './SignOutEverywhere.tsx';
import { fromStorage } from '#src/islands/common/fromStorage.tsx';

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

import { addEnglish } from './i18n.ts';

// English messages of the videos screens, in their own chunk: imported by the screens that use them (ADR 360).
export const enVideos = addEnglish({
  'videos.approved': 'Approved',
  'videos.cancelUpload': 'Cancel upload',
  'videos.checkConnection': 'Check your connection and try again.',
  'videos.checking': 'Checking {name}',
  'videos.chooseAnother': 'Choose another video',
  'videos.connectionLost': 'Connection lost — will resume',
  'videos.discard': 'Discard',
  'videos.downloadFailed': 'Download failed',
  'videos.downloadVideoFailed': 'Failed to download video',
  'videos.fileLabel': 'Video (MP4, MOV or AVI, up to 100 MB)',
  'videos.goHost': 'Go to Host Dashboard',
  'videos.hostIntro':
    "Film a walk-through of your home. We check it for viruses, our team edits it, and the finished video waits for you under My Videos. To show a video tour on one listing, upload it from that listing's Edit Property page.",
  'videos.listingIntro':
    "Upload a walk-through of this property. Once it has been checked and prepared by our team, it shows on the listing's page and under",
  'videos.loadFailed': 'Your videos could not be loaded. Please try again.',
  'videos.mySub': 'Videos our team has checked and prepared for you, ready to download and share.',
  'videos.myVideos': 'My Videos',
  'videos.noneReady': 'No videos ready yet',
  'videos.noneText':
    "Upload a walk-through from your host dashboard or a listing's edit page. Once it is checked and prepared, it appears here.",
  'videos.pause': 'Pause',
  'videos.paused': 'Paused',
  'videos.play': 'Play {name}',
  'videos.propertyVideos': 'Property videos',
  'videos.resume': 'Resume',
  'videos.signIn': 'Sign In',
  'videos.signInText': 'My Videos lists the videos our team has prepared for you. Sign in to watch and download them.',
  'videos.signInTitle': 'Sign in to see your videos',
  'videos.signUp': 'Sign Up',
  'videos.size': 'Size',
  'videos.stopConfirm': 'Stop and delete',
  'videos.stopText': 'What has been sent so far is deleted; you would start this video again from the beginning.',
  'videos.stopTitle': 'Stop uploading?',
  'videos.tryAgain': 'Try again',
  'videos.unfinished':
    '“{name}” ({size}) did not finish uploading. Choose the same file again to carry on from where it stopped.',
  'videos.uploadAnother': 'Upload another video',
  'videos.uploadFailed': 'Failed to upload videos',
  'videos.uploaded':
    'Uploaded. We are checking it for viruses; an admin will prepare it and you will find it under My Videos.',
  'videos.uploading': 'Uploading…',
  'videos.uploadingName': 'Uploading {name}',
  'videos.videoTour': 'Video tour',
  'videos.waiting.one': '{count} video waiting',
  'videos.waiting.other': '{count} videos waiting',
});

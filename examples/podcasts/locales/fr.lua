-- French strings of examples/podcasts: text as written = text shown.
return {
  ["Podcasts"] = "Podcasts",
  ["Playback"] = "Lecture",
  ["Downloads"] = "Téléchargements",
  ["Skipping"] = "Sauts",
  ["Skip forward"] = "Avancer de",
  ["Skip back"] = "Reculer de",
  ["s"] = "s",
  ["Continuous playback"] = "Lecture continue",
  ["Speed"] = "Vitesse",
  ["Download on Wi-Fi only"] = "Télécharger en Wi-Fi seulement",
  ["Episodes to keep"] = "Épisodes à garder",
  ["Storage"] = "Stockage",
  ["Wi-Fi only"] = "Wi-Fi seulement",
  ["Any network"] = "Tout réseau",
}

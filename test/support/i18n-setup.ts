// Every test file starts with the one t() of @resepti/domain running, all languages loaded, as the API does at start.
import '@resepti/domain/locales';

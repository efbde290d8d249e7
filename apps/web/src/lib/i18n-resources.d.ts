import type about from '../locales/zh-CN/about.json';
import type chat from '../locales/zh-CN/chat.json';
import type collections from '../locales/zh-CN/collections.json';
import type common from '../locales/zh-CN/common.json';
import type devotionals from '../locales/zh-CN/devotionals.json';
import type exportNs from '../locales/zh-CN/export.json';
import type feedback from '../locales/zh-CN/feedback.json';
import type help from '../locales/zh-CN/help.json';
import type login from '../locales/zh-CN/login.json';
import type notes from '../locales/zh-CN/notes.json';
import type plans from '../locales/zh-CN/plans.json';
import type policy from '../locales/zh-CN/policy.json';
import type reader from '../locales/zh-CN/reader.json';
import type search from '../locales/zh-CN/search.json';
import type service from '../locales/zh-CN/service.json';
import type setting from '../locales/zh-CN/setting.json';
import type tour from '../locales/zh-CN/tour.json';

// zh-CN is the source catalogue: keys are checked against it at compile time, and a test checks the other languages.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      about: typeof about;
      chat: typeof chat;
      collections: typeof collections;
      common: typeof common;
      devotionals: typeof devotionals;
      export: typeof exportNs;
      feedback: typeof feedback;
      help: typeof help;
      login: typeof login;
      notes: typeof notes;
      plans: typeof plans;
      policy: typeof policy;
      reader: typeof reader;
      search: typeof search;
      service: typeof service;
      setting: typeof setting;
      tour: typeof tour;
    };
  }
}

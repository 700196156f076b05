// SettingKey<T>: a typed QSettings entry, declared next to the code that
// uses it:
//
//   static const SettingKey<bool> kPresentation{"view/presentation", false};
//   bool on = kPresentation.get();
//   kPresentation.set(true);
//
// The key and its default live in one place, and the type is checked at
// compile time instead of through QVariant conversions at every call site.
#pragma once

#include <QSettings>
#include <QString>
#include <QVariant>

namespace ls::app {

template <typename T> class SettingKey {
public:
  SettingKey(const char *key, T fallback) : key_(QString::fromLatin1(key)), fallback_(fallback) {}

  T get() const {
    QSettings s;
    const QVariant v = s.value(key_);
    return v.isValid() && v.canConvert<T>() ? v.value<T>() : fallback_;
  }
  void set(const T &value) const {
    QSettings s;
    s.setValue(key_, QVariant::fromValue(value));
  }
  const QString &key() const { return key_; }

private:
  QString key_;
  T fallback_;
};

} // namespace ls::app

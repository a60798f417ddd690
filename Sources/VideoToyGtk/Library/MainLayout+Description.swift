// The description apart from the code that reads it: xgettext reads MainLayout.swift as C, and a multi-line literal
// is no C string.
extension MainLayout {
    /// The description: ids are what `build` fetches and `texts` names; CSS classes are what the screenshots rely on.
    /// Its words are in `texts`, where they are marked for translation.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <requires lib="gtk" version="4.8"/>
          <requires lib="libadwaita" version="1.2"/>
          <object class="GtkBox" id="content">
            <property name="orientation">vertical</property>
            <child>
              <object class="AdwHeaderBar" id="header-bar">
                <property name="title-widget">
                  <object class="AdwWindowTitle" id="title">
                    <property name="title">VideoToy</property>
                  </object>
                </property>
                <child type="start">
                  <object class="GtkButton" id="open-button">
                    <property name="icon-name">folder-open-symbolic</property>
                    <property name="action-name">app.open-folder</property>
                    <property name="focus-on-click">False</property>
                    <style><class name="flat"/></style>
                  </object>
                </child>
                <child type="end">
                  <object class="GtkMenuButton" id="main-menu-button">
                    <property name="icon-name">open-menu-symbolic</property>
                    <property name="primary">True</property>
                  </object>
                </child>
                <child type="end">
                  <object class="GtkMenuButton" id="screens-button">
                    <property name="icon-name">video-display-symbolic</property>
                    <property name="visible">False</property>
                  </object>
                </child>
                <child type="end">
                  <object class="GtkToggleButton" id="search-toggle">
                    <property name="icon-name">system-search-symbolic</property>
                  </object>
                </child>
                <child type="end">
                  <object class="GtkMenuButton" id="sort-button">
                  </object>
                </child>
              </object>
            </child>
            <child>
              <object class="GtkSearchBar" id="search-bar">
                <property name="search-mode-enabled" bind-source="search-toggle" bind-property="active" bind-flags="bidirectional|sync-create"/>
                <property name="child">
                  <object class="AdwClamp">
                    <property name="maximum-size">400</property>
                    <property name="child">
                      <object class="GtkSearchEntry" id="search-entry">
                        <property name="hexpand">True</property>
                      </object>
                    </property>
                  </object>
                </property>
              </object>
            </child>
            <child>
              <object class="AdwToastOverlay" id="toasts">
                <property name="vexpand">True</property>
                <property name="child">
                  <object class="GtkStack" id="stack">
                    <child>
                      <object class="GtkStackPage">
                        <property name="name">list</property>
                        <property name="child">
                          <object class="GtkScrolledWindow" id="scroller">
                            <property name="hscrollbar-policy">never</property>
                            <property name="vscrollbar-policy">automatic</property>
                          </object>
                        </property>
                      </object>
                    </child>
                    <child>
                      <object class="GtkStackPage">
                        <property name="name">empty</property>
                        <property name="child">
                          <object class="AdwStatusPage" id="empty-page">
                            <property name="icon-name">folder-videos-symbolic</property>
                            <property name="child">
                              <object class="GtkButton" id="empty-open-button">
                                <property name="use-underline">True</property>
                                <property name="action-name">app.open-folder</property>
                                <property name="halign">center</property>
                                <style><class name="pill"/><class name="suggested-action"/></style>
                              </object>
                            </property>
                          </object>
                        </property>
                      </object>
                    </child>
                    <child>
                      <object class="GtkStackPage">
                        <property name="name">no-results</property>
                        <property name="child">
                          <object class="AdwStatusPage" id="no-results-page">
                            <property name="icon-name">edit-find-symbolic</property>
                          </object>
                        </property>
                      </object>
                    </child>
                  </object>
                </property>
              </object>
            </child>
          </object>
        </interface>
        """
}

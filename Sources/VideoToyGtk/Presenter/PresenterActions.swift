import CGtk
import VideoToyCore
import VideoToyGObject

/// `app.presenter(s)`: a script, a test or a compositor without keys reaches the presenter's commands by name
/// (`gapplication action org.videotoy.VideoToy presenter "'black'"`), as the clicker's keys do.
@MainActor
final class PresenterActions {
    private var activation: SignalConnection?

    /// Adds the action to `application`; the names are the core's (`PresenterCommand(actionName:)`), and any other
    /// name does nothing, since it comes from outside the app.
    init(application: UnsafeMutablePointer<GtkApplication>, controller: AppController) {
        let stringType = g_variant_type_new("s")
        let action = g_simple_action_new("presenter", stringType)!
        g_variant_type_free(stringType)
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(graw(action))
        activation = Signal.connectObject(graw(action), "activate") { [controller] value in
            let name = String(cString: g_variant_get_string(OpaquePointer(value), nil))
            guard let command = PresenterCommand(actionName: name) else { return }
            // A show started "here" starts from the playing video, else from the row the list selects, as Shift+F5.
            controller.perform(command, selected: controller.selectedOrFirst())
        }
    }
}

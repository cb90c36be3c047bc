; ModuleID = 'none_of_nan_array.scalar.ll'
source_filename = "c/none_of_nan_array.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local zeroext i1 @none_of_nan_array(ptr noundef nonnull readonly align 8 captures(none) dereferenceable(160) %0) local_unnamed_addr #0 {
  br label %2

2:                                                ; preds = %23, %1
  %3 = phi i64 [ %25, %23 ], [ 5, %1 ]
  %4 = phi i64 [ %24, %23 ], [ 0, %1 ]
  %5 = getelementptr inbounds nuw i8, ptr %0, i64 %4
  %6 = load double, ptr %5, align 8, !tbaa !9
  %7 = fcmp uno double %6, 0.000000e+00
  br i1 %7, label %27, label %8

8:                                                ; preds = %2
  %9 = or disjoint i64 %4, 8
  %10 = getelementptr inbounds nuw i8, ptr %0, i64 %9
  %11 = load double, ptr %10, align 8, !tbaa !9
  %12 = fcmp uno double %11, 0.000000e+00
  br i1 %12, label %27, label %13

13:                                               ; preds = %8
  %14 = or disjoint i64 %4, 16
  %15 = getelementptr inbounds nuw i8, ptr %0, i64 %14
  %16 = load double, ptr %15, align 8, !tbaa !9
  %17 = fcmp uno double %16, 0.000000e+00
  br i1 %17, label %27, label %18

18:                                               ; preds = %13
  %19 = or disjoint i64 %4, 24
  %20 = getelementptr inbounds nuw i8, ptr %0, i64 %19
  %21 = load double, ptr %20, align 8, !tbaa !9
  %22 = fcmp uno double %21, 0.000000e+00
  br i1 %22, label %27, label %23

23:                                               ; preds = %18
  %24 = add nuw nsw i64 %4, 32
  %25 = add nsw i64 %3, -1
  %26 = icmp samesign ugt i64 %3, 1
  br i1 %26, label %2, label %27, !llvm.loop !11

27:                                               ; preds = %23, %18, %13, %8, %2
  %28 = phi i64 [ 160, %23 ], [ %14, %13 ], [ %9, %8 ], [ %4, %2 ], [ %19, %18 ]
  %29 = icmp eq i64 %28, 160
  ret i1 %29
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"double", !7, i64 0}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
